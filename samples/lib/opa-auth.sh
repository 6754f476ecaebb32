#!/bin/sh
# OPA-Auth for the shell samples (curl + openssl): opa_request METHOD PATH [JSON-BODY] [QUERY]
#   hash    = base64(MD5(contentType + body)), or "empty" when there is no body
#   macData = base64(HMAC-SHA256(apiSecret, path\nmethod\nnonce\nepoch\ncontentType\nhash))
# Defaults: the PayLab demo merchant of the offline sandbox (public test keys).
PAYLAB_BASE_URL="${PAYLAB_BASE_URL:-http://localhost:3000}"
PAYLAB_API_KEY="${PAYLAB_API_KEY:-a_PayLabDemo_0001}"
PAYLAB_API_SECRET="${PAYLAB_API_SECRET:-cGF5bGFiLXNhbmRib3gtZGVtby1zZWNyZXQtbm90LWZvci1saXZlLXVzZQ==}"
PAYLAB_MERCHANT_ID="${PAYLAB_MERCHANT_ID:-100000000000000001}"

opa_request() {
  method="$1"; path="$2"; body="$3"; query="$4"
  nonce=$(openssl rand -hex 3) # spec §7: 6 hex characters
  epoch=$(date +%s)
  if [ -z "$body" ]; then
    content_type=empty; hash=empty
  else
    content_type='application/json;charset=UTF-8;'
    hash=$(printf '%s%s' "$content_type" "$body" | openssl dgst -md5 -binary | openssl base64 -A)
  fi
  mac=$(printf '%s\n%s\n%s\n%s\n%s\n%s' "$path" "$method" "$nonce" "$epoch" "$content_type" "$hash" |
    openssl dgst -sha256 -hmac "$PAYLAB_API_SECRET" -binary | openssl base64 -A)
  auth="hmac OPA-Auth:$PAYLAB_API_KEY:$mac:$nonce:$epoch:$hash"
  if [ -z "$body" ]; then
    curl -sS -X "$method" -H "Authorization: $auth" -H "X-ASSUME-MERCHANT: $PAYLAB_MERCHANT_ID" "$PAYLAB_BASE_URL$path$query"
  else
    curl -sS -X "$method" -H "Authorization: $auth" -H "X-ASSUME-MERCHANT: $PAYLAB_MERCHANT_ID" \
      -H "Content-Type: $content_type" --data-raw "$body" "$PAYLAB_BASE_URL$path$query"
  fi
}
new_id() { printf '%s-%s' "$1" "$(openssl rand -hex 8)"; }
