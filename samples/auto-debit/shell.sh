#!/bin/sh
# Auto direct debit from a linked user (scope direct_debit). Run: PAYLAB_USER_AUTHORIZATION_ID=… sh samples/auto-debit/shell.sh
. "$(dirname "$0")/../lib/opa-auth.sh"
opa_request POST /v2/payments "{\"merchantPaymentId\":\"$(new_id sample-debit)\",\"userAuthorizationId\":\"$PAYLAB_USER_AUTHORIZATION_ID\",\"amount\":{\"amount\":1,\"currency\":\"JPY\"},\"requestedAt\":$(date +%s),\"orderDescription\":\"Chocolate cake\"}" '?agreeSimilarTransaction=true'
