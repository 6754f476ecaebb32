"""PayLab sandbox webhook receiver (Python 3.8+, standard library only): verifies the signature, answers 200.

    PAYLAB_WEBHOOK_SECRET=whsec_... PORT=8080 python3 samples/webhooks/receiver.py

Signature (PayLab extension, docs/webhooks.md): X-PayLab-Webhook-Signature: v1=base64(HMAC-SHA256(secret,
timestamp + "." + raw body)), X-PayLab-Webhook-Timestamp: epoch seconds (refuse when more than 300 s away).
"""
import base64, hashlib, hmac, json, os, sys, time
from http.server import BaseHTTPRequestHandler, HTTPServer


def verify_paylab_webhook(secret, headers, raw_body, now=None):
    timestamp = headers.get("X-PayLab-Webhook-Timestamp", "")
    signature = headers.get("X-PayLab-Webhook-Signature", "")
    if not timestamp.isdigit() or abs((now or time.time()) - int(timestamp)) > 300:
        return False
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + raw_body, hashlib.sha256).digest()
    return hmac.compare_digest(signature.encode(), b"v1=" + base64.b64encode(mac))


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))  # the exact bytes, before json.loads
        if not verify_paylab_webhook(os.environ.get("PAYLAB_WEBHOOK_SECRET", ""), self.headers, raw):
            print("rejected: bad signature", flush=True)
            self.send_response(401)
            self.end_headers()
            self.wfile.write(b"bad signature")
            return
        event = json.loads(raw)
        print("verified", event["state"], event["order_id"], self.headers.get("X-PayLab-Webhook-Id"), flush=True)
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.end_headers()
        self.wfile.write(b"OK")

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    server = HTTPServer(("127.0.0.1", int(os.environ.get("PORT", "8080"))), Receiver)
    print("listening", server.server_address[1], flush=True)
    server.serve_forever()
