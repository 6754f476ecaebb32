// OPA-Auth for the Java samples (Java 17+, standard library only): signs one request and sends it.
// Header: Authorization: hmac OPA-Auth:{apiKey}:{macData}:{nonce}:{epoch}:{hash}
//   hash    = base64(MD5(contentType + body)), or "empty" when there is no body
//   macData = base64(HMAC-SHA256(apiSecret, String.join("\n", path, method, nonce, epoch, contentType, hash)))
// The path has no query string. Defaults: the PayLab demo merchant of the offline sandbox (public test keys).
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public final class OpaAuth {
    public static final String BASE_URL = env("PAYLAB_BASE_URL", "http://localhost:3000");
    public static final String API_KEY = env("PAYLAB_API_KEY", "a_PayLabDemo_0001");
    public static final String API_SECRET = env("PAYLAB_API_SECRET", "cGF5bGFiLXNhbmRib3gtZGVtby1zZWNyZXQtbm90LWZvci1saXZlLXVzZQ==");
    public static final String MERCHANT_ID = env("PAYLAB_MERCHANT_ID", "100000000000000001");
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    /** The answer: HTTP status and the JSON body ({@code {"resultInfo": …, "data": …}}) as text. */
    public record Response(int status, String body) {}

    private OpaAuth() {}

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null ? fallback : value;
    }

    public static String authorization(String method, String path, String body, String contentType) throws Exception {
        String nonce = randomHex(3); // spec §7: 6 hex characters
        long epoch = nowSeconds();
        String hash = "empty";
        if (body != null) {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            md5.update(contentType.getBytes(StandardCharsets.UTF_8));
            hash = Base64.getEncoder().encodeToString(md5.digest(body.getBytes(StandardCharsets.UTF_8)));
        }
        Mac hmac = Mac.getInstance("HmacSHA256");
        hmac.init(new SecretKeySpec(API_SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String message = String.join("\n", path, method, nonce, Long.toString(epoch), contentType, hash);
        String mac = Base64.getEncoder().encodeToString(hmac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        return "hmac OPA-Auth:" + API_KEY + ":" + mac + ":" + nonce + ":" + epoch + ":" + hash;
    }

    /** Sends a signed request; {@code body} is JSON text or null, {@code query} starts with "?" or is "". */
    public static Response request(String method, String path, String body, String query) throws Exception {
        String contentType = body == null ? "empty" : "application/json;charset=UTF-8;";
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(BASE_URL + path + query))
            .header("Authorization", authorization(method, path, body, contentType))
            .header("X-ASSUME-MERCHANT", MERCHANT_ID);
        if (body == null) {
            builder.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            builder.header("Content-Type", contentType).method(method, HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        }
        HttpResponse<String> response = CLIENT.send(builder.build(), HttpResponse.BodyHandlers.ofString());
        return new Response(response.statusCode(), response.body());
    }

    public static String newId(String prefix) {
        return prefix + "-" + randomHex(8);
    }

    public static long nowSeconds() {
        return System.currentTimeMillis() / 1000;
    }

    private static String randomHex(int bytes) {
        byte[] buffer = new byte[bytes];
        RANDOM.nextBytes(buffer);
        return HexFormat.of().formatHex(buffer);
    }
}
