<?php
// Auto direct debit: charge a linked user (scope direct_debit) at once; the answer says COMPLETED.
// Run: PAYLAB_USER_AUTHORIZATION_ID=… PAYLAB_BASE_URL=http://localhost:3000 php samples/auto-debit/php.php
require __DIR__ . '/../lib/opa-auth.php';

$answer = opa_request('POST', '/v2/payments', [
    'merchantPaymentId' => opa_new_id('sample-debit'),
    'userAuthorizationId' => getenv('PAYLAB_USER_AUTHORIZATION_ID'),
    'amount' => ['amount' => 1, 'currency' => 'JPY'],
    'requestedAt' => time(),
    'orderDescription' => 'Chocolate cake',
], '?agreeSimilarTransaction=true');
echo json_encode(['status' => $answer['status'], 'code' => $answer['body']['resultInfo']['code'], 'paymentStatus' => $answer['body']['data']['status'] ?? null]), "\n";
echo $answer['status'] === 201 ? 'Order created' : 'Order creation failure', "\n"; // spec §8: the outcome, in words
exit($answer['status'] === 201 ? 0 : 1);
