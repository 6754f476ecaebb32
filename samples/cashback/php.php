<?php
// Cashback: give a linked user (scope cashback) money back into their wallet.
// Run: PAYLAB_USER_AUTHORIZATION_ID=… PAYLAB_BASE_URL=http://localhost:3000 php samples/cashback/php.php
require __DIR__ . '/../lib/opa-auth.php';

$answer = opa_request('POST', '/v2/cashback', [
    'merchantCashbackId' => opa_new_id('sample-cashback'),
    'userAuthorizationId' => getenv('PAYLAB_USER_AUTHORIZATION_ID'),
    'amount' => ['amount' => 1, 'currency' => 'JPY'],
    'requestedAt' => time(),
    'orderDescription' => 'Thank-you cashback',
    'walletType' => 'PREPAID',
]);
echo json_encode(['status' => $answer['status'], 'code' => $answer['body']['resultInfo']['code']]), "\n";
echo $answer['status'] < 300 ? 'Cashback created' : 'Cashback creation failure', "\n"; // spec §8: the outcome, in words
exit($answer['status'] < 300 ? 0 : 1);
