#!/bin/sh
# Dynamic QR Code: create a code; the answer's data.url is what the QR shows. Run: sh samples/dynamic-qr/shell.sh
. "$(dirname "$0")/../lib/opa-auth.sh"
answer=$(opa_request POST /v2/codes "{\"merchantPaymentId\":\"$(new_id sample-qr)\",\"amount\":{\"amount\":1,\"currency\":\"JPY\"},\"codeType\":\"ORDER_QR\",\"orderDescription\":\"Strawberry shortcake\",\"requestedAt\":$(date +%s)}")
printf '%s\n' "$answer"
# spec §8: the outcome, in words (on stderr: stdout stays the JSON answer, e.g. for jq)
case "$answer" in *'"code":"SUCCESS"'*) echo 'QR Code created' >&2 ;; esac
