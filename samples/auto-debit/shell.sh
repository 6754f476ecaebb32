#!/bin/sh
# Auto direct debit from a linked user (scope direct_debit). Run: PAYLAB_USER_AUTHORIZATION_ID=… sh samples/auto-debit/shell.sh
. "$(dirname "$0")/../lib/opa-auth.sh"
answer=$(opa_request POST /v2/payments "{\"merchantPaymentId\":\"$(new_id sample-debit)\",\"userAuthorizationId\":\"$PAYLAB_USER_AUTHORIZATION_ID\",\"amount\":{\"amount\":1,\"currency\":\"JPY\"},\"requestedAt\":$(date +%s),\"orderDescription\":\"Chocolate cake\"}" '?agreeSimilarTransaction=true')
printf '%s\n' "$answer"
# spec §8: the outcome, in words (on stderr: stdout stays the JSON answer, e.g. for jq)
case "$answer" in *'"code":"SUCCESS"'*) echo 'Order created' >&2 ;; *) echo 'Order creation failure' >&2 ;; esac
