<?php
// Dynamic QR Code: create a code for one order; show data.url as a QR (the payer's wallet opens it).
// Run: PAYLAB_BASE_URL=http://localhost:3000 php samples/dynamic-qr/php.php
require __DIR__ . '/../lib/opa-auth.php';

$answer = opa_request('POST', '/v2/codes', [
    'merchantPaymentId' => opa_new_id('sample-qr'),
    'amount' => ['amount' => 1, 'currency' => 'JPY'],
    'codeType' => 'ORDER_QR',
    'orderDescription' => 'Strawberry shortcake',
    'orderItems' => [['name' => 'Strawberry shortcake', 'quantity' => 1, 'unitPrice' => ['amount' => 1, 'currency' => 'JPY']]],
    'requestedAt' => time(),
]);
echo json_encode(['status' => $answer['status'], 'code' => $answer['body']['resultInfo']['code'], 'url' => $answer['body']['data']['url'] ?? null], JSON_UNESCAPED_SLASHES), "\n";
if ($answer['status'] === 201) echo 'QR Code created', "\n"; // spec §8: the outcome, in words
exit($answer['status'] === 201 ? 0 : 1);
