"""Cashback to a linked user (scope cashback). Run: PAYLAB_USER_AUTHORIZATION_ID=… python3 samples/cashback/python.py"""
import json, os, sys, time
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "lib"))
from opa_auth import new_id, opa_request

status, body = opa_request("POST", "/v2/cashback", {
    "merchantCashbackId": new_id("sample-cashback"),
    "userAuthorizationId": os.environ.get("PAYLAB_USER_AUTHORIZATION_ID", ""),
    "amount": {"amount": 1, "currency": "JPY"},
    "requestedAt": int(time.time()),
    "orderDescription": "Thank-you cashback",
    "walletType": "PREPAID",
})
print(json.dumps({"status": status, "code": body["resultInfo"]["code"]}))
print("Cashback created" if status < 300 else "Cashback creation failure")  # spec §8: the outcome, in words
sys.exit(0 if status < 300 else 1)
