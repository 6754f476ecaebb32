<?php
// OPA-Auth for the PHP samples (PHP 8.1+, ext-curl): signs one request and sends it.
// Header: Authorization: hmac OPA-Auth:{apiKey}:{macData}:{nonce}:{epoch}:{hash}
//   hash    = base64(MD5(contentType . body)), or "empty" when there is no body
//   macData = base64(HMAC-SHA256(apiSecret, implode("\n", [path, method, nonce, epoch, contentType, hash])))
// The path has no query string. Defaults: the PayLab demo merchant of the offline sandbox (public test keys).
declare(strict_types=1);

const OPA_BASE_URL_DEFAULT = 'http://localhost:3000';

function opa_config(): array
{
    return [
        'baseUrl' => getenv('PAYLAB_BASE_URL') ?: OPA_BASE_URL_DEFAULT,
        'apiKey' => getenv('PAYLAB_API_KEY') ?: 'a_PayLabDemo_0001',
        'apiSecret' => getenv('PAYLAB_API_SECRET') ?: 'cGF5bGFiLXNhbmRib3gtZGVtby1zZWNyZXQtbm90LWZvci1saXZlLXVzZQ==',
        'merchantId' => getenv('PAYLAB_MERCHANT_ID') ?: '100000000000000001',
    ];
}

function opa_authorization(string $method, string $path, ?string $body, string $contentType): string
{
    $config = opa_config();
    $nonce = bin2hex(random_bytes(3)); // spec §7: 6 hex characters
    $epoch = (string) time();
    $hash = $body === null ? 'empty' : base64_encode(md5($contentType . $body, true));
    $message = implode("\n", [$path, $method, $nonce, $epoch, $contentType, $hash]);
    $mac = base64_encode(hash_hmac('sha256', $message, $config['apiSecret'], true));
    return "hmac OPA-Auth:{$config['apiKey']}:{$mac}:{$nonce}:{$epoch}:{$hash}";
}

/** Sends a signed request; answers ['status' => int, 'body' => array] (body is resultInfo + data). */
function opa_request(string $method, string $path, ?array $payload = null, string $query = ''): array
{
    $config = opa_config();
    $body = $payload === null ? null : json_encode($payload, JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR);
    $contentType = $body === null ? 'empty' : 'application/json;charset=UTF-8;';
    $headers = [
        'Authorization: ' . opa_authorization($method, $path, $body, $contentType),
        'X-ASSUME-MERCHANT: ' . $config['merchantId'],
    ];
    if ($body !== null) {
        $headers[] = 'Content-Type: ' . $contentType;
    }
    $curl = curl_init($config['baseUrl'] . $path . $query);
    curl_setopt_array($curl, [
        CURLOPT_CUSTOMREQUEST => $method,
        CURLOPT_HTTPHEADER => $headers,
        CURLOPT_RETURNTRANSFER => true,
    ]);
    if ($body !== null) {
        curl_setopt($curl, CURLOPT_POSTFIELDS, $body);
    }
    $text = curl_exec($curl);
    $status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
    curl_close($curl);
    return ['status' => $status, 'body' => json_decode((string) $text, true)];
}

function opa_new_id(string $prefix): string
{
    return $prefix . '-' . bin2hex(random_bytes(8));
}
