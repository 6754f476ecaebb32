<?php
// PayLab sandbox webhook receiver (PHP 7.4+): verifies the signature, answers 200.
//   PAYLAB_WEBHOOK_SECRET=whsec_… php -S 127.0.0.1:8080 samples/webhooks/receiver.php
// Signature (PayLab extension, docs/webhooks.md): X-PayLab-Webhook-Signature: v1=base64(HMAC-SHA256(secret,
// timestamp + "." + raw body)), X-PayLab-Webhook-Timestamp: epoch seconds (refuse when more than 300 s away).

function verify_paylab_webhook(string $secret, string $timestamp, string $signature, string $rawBody, ?int $now = null): bool
{
    if (!ctype_digit($timestamp) || abs(($now ?? time()) - (int) $timestamp) > 300) {
        return false;
    }
    $expected = 'v1=' . base64_encode(hash_hmac('sha256', $timestamp . '.' . $rawBody, $secret, true));
    return hash_equals($expected, $signature);
}

$raw = file_get_contents('php://input'); // the exact bytes, before json_decode
$ok = verify_paylab_webhook(
    getenv('PAYLAB_WEBHOOK_SECRET') ?: '',
    $_SERVER['HTTP_X_PAYLAB_WEBHOOK_TIMESTAMP'] ?? '',
    $_SERVER['HTTP_X_PAYLAB_WEBHOOK_SIGNATURE'] ?? '',
    $raw
);
if (!$ok) {
    http_response_code(401);
    echo 'bad signature';
    return;
}
$event = json_decode($raw, true);
error_log("verified {$event['state']} {$event['order_id']}");
header('Content-Type: text/plain');
echo 'OK';
