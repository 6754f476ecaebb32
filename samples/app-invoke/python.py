"""App Invoke: a code whose payer returns to your app; open data.deeplink. Run: python3 samples/app-invoke/python.py"""
import json, os, sys, time
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "lib"))
from opa_auth import new_id, opa_request

status, body = opa_request("POST", "/v2/codes", {
    "merchantPaymentId": new_id("sample-appinvoke"),
    "amount": {"amount": 1, "currency": "JPY"},
    "codeType": "ORDER_QR",
    "orderDescription": "Matcha roll",
    "redirectType": "APP_DEEP_LINK",
    "redirectUrl": "cakeshop://orders/completed",
    "userAgent": "Mozilla/5.0 (Linux; Android 14)",
    "requestedAt": int(time.time()),
})
print(json.dumps({"status": status, "code": body["resultInfo"]["code"], "deeplink": (body.get("data") or {}).get("deeplink")}))
if status == 201:
    print("QR Code created")  # spec §8: the outcome, in words
sys.exit(0 if status == 201 else 1)
