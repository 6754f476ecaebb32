"""OPA-Auth for the samples (Python 3.8+, standard library only): signs one request and sends it.

Authorization: hmac OPA-Auth:{apiKey}:{macData}:{nonce}:{epoch}:{hash}
  hash    = base64(MD5(contentType + body)), or "empty" when there is no body
  macData = base64(HMAC-SHA256(apiSecret, "\\n".join([path, method, nonce, epoch, contentType, hash])))
The path has no query string. Defaults: the PayLab demo merchant of the offline sandbox (public test keys).
"""
import base64, hashlib, hmac, json, os, secrets, time, urllib.error, urllib.request

BASE_URL = os.environ.get("PAYLAB_BASE_URL", "http://localhost:3000")
API_KEY = os.environ.get("PAYLAB_API_KEY", "a_PayLabDemo_0001")
API_SECRET = os.environ.get("PAYLAB_API_SECRET", "cGF5bGFiLXNhbmRib3gtZGVtby1zZWNyZXQtbm90LWZvci1saXZlLXVzZQ==")
MERCHANT_ID = os.environ.get("PAYLAB_MERCHANT_ID", "100000000000000001")


def opa_request(method, path, payload=None, query=""):
    body = None if payload is None else json.dumps(payload)
    nonce = secrets.token_hex(3)  # spec §7: 6 hex characters
    epoch = str(int(time.time()))
    content_type = "empty" if body is None else "application/json;charset=UTF-8;"
    digest = "empty" if body is None else base64.b64encode(hashlib.md5((content_type + body).encode()).digest()).decode()
    message = "\n".join([path, method, nonce, epoch, content_type, digest])
    mac = base64.b64encode(hmac.new(API_SECRET.encode(), message.encode(), hashlib.sha256).digest()).decode()
    headers = {"Authorization": f"hmac OPA-Auth:{API_KEY}:{mac}:{nonce}:{epoch}:{digest}", "X-ASSUME-MERCHANT": MERCHANT_ID}
    if body is not None:
        headers["Content-Type"] = content_type
    request = urllib.request.Request(BASE_URL + path + query, data=None if body is None else body.encode(), headers=headers, method=method)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def new_id(prefix):
    return f"{prefix}-{secrets.token_hex(8)}"
