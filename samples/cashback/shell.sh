#!/bin/sh
# Cashback to a linked user (scope cashback). Run: PAYLAB_USER_AUTHORIZATION_ID=… sh samples/cashback/shell.sh
. "$(dirname "$0")/../lib/opa-auth.sh"
opa_request POST /v2/cashback "{\"merchantCashbackId\":\"$(new_id sample-cashback)\",\"userAuthorizationId\":\"$PAYLAB_USER_AUTHORIZATION_ID\",\"amount\":{\"amount\":1,\"currency\":\"JPY\"},\"requestedAt\":$(date +%s),\"walletType\":\"PREPAID\"}"
