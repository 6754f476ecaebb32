#!/bin/sh
# Dynamic QR Code: create a code; the answer's data.url is what the QR shows. Run: sh samples/dynamic-qr/shell.sh
. "$(dirname "$0")/../lib/opa-auth.sh"
opa_request POST /v2/codes "{\"merchantPaymentId\":\"$(new_id sample-qr)\",\"amount\":{\"amount\":1,\"currency\":\"JPY\"},\"codeType\":\"ORDER_QR\",\"orderDescription\":\"Strawberry shortcake\",\"requestedAt\":$(date +%s)}"
