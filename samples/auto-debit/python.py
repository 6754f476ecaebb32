"""Auto direct debit from a linked user (scope direct_debit). Run: PAYLAB_USER_AUTHORIZATION_ID=… python3 samples/auto-debit/python.py"""
import json, os, sys, time
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "lib"))
from opa_auth import new_id, opa_request

status, body = opa_request("POST", "/v2/payments", {
    "merchantPaymentId": new_id("sample-debit"),
    "userAuthorizationId": os.environ.get("PAYLAB_USER_AUTHORIZATION_ID", ""),
    "amount": {"amount": 1, "currency": "JPY"},
    "requestedAt": int(time.time()),
    "orderDescription": "Chocolate cake",
}, "?agreeSimilarTransaction=true")
print(json.dumps({"status": status, "code": body["resultInfo"]["code"], "paymentStatus": (body.get("data") or {}).get("status")}))
print("Order created" if status == 201 else "Order creation failure")  # spec §8: the outcome, in words
sys.exit(0 if status == 201 else 1)
