// PayLab sandbox webhook receiver (Java 11+, JDK only): verifies the signature, answers 200.
//   javac -d build samples/webhooks/WebhookReceiver.java && PAYLAB_WEBHOOK_SECRET=whsec_… PORT=8080 java -cp build WebhookReceiver
// Signature (PayLab extension, docs/webhooks.md): X-PayLab-Webhook-Signature: v1=base64(HMAC-SHA256(secret,
// timestamp + "." + raw body)), X-PayLab-Webhook-Timestamp: epoch seconds (refuse when more than 300 s away).
import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public class WebhookReceiver {
    static boolean verify(String secret, String timestamp, String signature, byte[] rawBody, long nowSeconds) throws Exception {
        if (timestamp == null || signature == null || !timestamp.matches("\\d{1,12}")) return false;
        if (Math.abs(nowSeconds - Long.parseLong(timestamp)) > 300) return false;
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        mac.update((timestamp + ".").getBytes(StandardCharsets.UTF_8));
        String expected = "v1=" + Base64.getEncoder().encodeToString(mac.doFinal(rawBody));
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8), signature.getBytes(StandardCharsets.UTF_8));
    }

    public static void main(String[] args) throws Exception {
        String secret = System.getenv().getOrDefault("PAYLAB_WEBHOOK_SECRET", "");
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "8080"));
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext("/", exchange -> {
            byte[] raw = exchange.getRequestBody().readAllBytes(); // the exact bytes, before any JSON parsing
            boolean ok;
            try {
                ok = verify(secret, exchange.getRequestHeaders().getFirst("X-PayLab-Webhook-Timestamp"),
                        exchange.getRequestHeaders().getFirst("X-PayLab-Webhook-Signature"), raw, System.currentTimeMillis() / 1000);
            } catch (Exception e) {
                ok = false;
            }
            byte[] answer = (ok ? "OK" : "bad signature").getBytes(StandardCharsets.UTF_8);
            System.out.println(ok ? "verified " + exchange.getRequestHeaders().getFirst("X-PayLab-Webhook-Id") : "rejected: bad signature");
            exchange.sendResponseHeaders(ok ? 200 : 401, answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        });
        server.start();
        System.out.println("listening " + server.getAddress().getPort());
    }
}
