"""Dynamic QR Code: create a code for one order; show data.url as a QR. Run: python3 samples/dynamic-qr/python.py"""
import json, os, sys, time
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "lib"))
from opa_auth import new_id, opa_request

status, body = opa_request("POST", "/v2/codes", {
    "merchantPaymentId": new_id("sample-qr"),
    "amount": {"amount": 1, "currency": "JPY"},
    "codeType": "ORDER_QR",
    "orderDescription": "Strawberry shortcake",
    "orderItems": [{"name": "Strawberry shortcake", "quantity": 1, "unitPrice": {"amount": 1, "currency": "JPY"}}],
    "requestedAt": int(time.time()),
})
print(json.dumps({"status": status, "code": body["resultInfo"]["code"], "url": (body.get("data") or {}).get("url")}))
if status == 201:
    print("QR Code created")  # spec §8: the outcome, in words
sys.exit(0 if status == 201 else 1)
