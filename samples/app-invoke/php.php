<?php
// App Invoke: create a code whose payer returns to your app; open data.deeplink on the phone.
// Run: PAYLAB_BASE_URL=http://localhost:3000 php samples/app-invoke/php.php
require __DIR__ . '/../lib/opa-auth.php';

$answer = opa_request('POST', '/v2/codes', [
    'merchantPaymentId' => opa_new_id('sample-appinvoke'),
    'amount' => ['amount' => 1, 'currency' => 'JPY'],
    'codeType' => 'ORDER_QR',
    'orderDescription' => 'Matcha roll',
    'redirectType' => 'APP_DEEP_LINK',
    'redirectUrl' => 'cakeshop://orders/completed',
    'userAgent' => 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
    'requestedAt' => time(),
]);
echo json_encode(['status' => $answer['status'], 'code' => $answer['body']['resultInfo']['code'], 'deeplink' => $answer['body']['data']['deeplink'] ?? null], JSON_UNESCAPED_SLASHES), "\n";
if ($answer['status'] === 201) echo 'QR Code created', "\n"; // spec §8: the outcome, in words
exit($answer['status'] === 201 ? 0 : 1);
