#!/bin/sh
# Cashback to a linked user (scope cashback). Run: PAYLAB_USER_AUTHORIZATION_ID=… sh samples/cashback/shell.sh
. "$(dirname "$0")/../lib/opa-auth.sh"
answer=$(opa_request POST /v2/cashback "{\"merchantCashbackId\":\"$(new_id sample-cashback)\",\"userAuthorizationId\":\"$PAYLAB_USER_AUTHORIZATION_ID\",\"amount\":{\"amount\":1,\"currency\":\"JPY\"},\"requestedAt\":$(date +%s),\"walletType\":\"PREPAID\"}")
printf '%s\n' "$answer"
# spec §8: the outcome, in words (on stderr: stdout stays the JSON answer, e.g. for jq)
case "$answer" in *'"code":"REQUEST_ACCEPTED"'*) echo 'Cashback created' >&2 ;; *) echo 'Cashback creation failure' >&2 ;; esac
