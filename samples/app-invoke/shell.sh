#!/bin/sh
# App Invoke: a code whose payer returns to your app (data.deeplink). Run: sh samples/app-invoke/shell.sh
. "$(dirname "$0")/../lib/opa-auth.sh"
answer=$(opa_request POST /v2/codes "{\"merchantPaymentId\":\"$(new_id sample-appinvoke)\",\"amount\":{\"amount\":1,\"currency\":\"JPY\"},\"codeType\":\"ORDER_QR\",\"orderDescription\":\"Matcha roll\",\"redirectType\":\"APP_DEEP_LINK\",\"redirectUrl\":\"cakeshop://orders/completed\",\"requestedAt\":$(date +%s)}")
printf '%s\n' "$answer"
# spec §8: the outcome, in words (on stderr: stdout stays the JSON answer, e.g. for jq)
case "$answer" in *'"code":"SUCCESS"'*) echo 'QR Code created' >&2 ;; esac
