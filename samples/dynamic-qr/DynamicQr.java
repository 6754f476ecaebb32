// Dynamic QR Code: create a code for one order; show data.url as a QR (the payer's wallet opens it).
// Run: javac -d build samples/lib/OpaAuth.java samples/dynamic-qr/DynamicQr.java && java -cp build DynamicQr
public final class DynamicQr {
    public static void main(String[] args) throws Exception {
        String body = """
            {"merchantPaymentId": "%s",
             "amount": {"amount": 1, "currency": "JPY"},
             "codeType": "ORDER_QR",
             "orderDescription": "Strawberry shortcake",
             "orderItems": [{"name": "Strawberry shortcake", "quantity": 1, "unitPrice": {"amount": 1, "currency": "JPY"}}],
             "requestedAt": %d}
            """.formatted(OpaAuth.newId("sample-qr"), OpaAuth.nowSeconds());
        OpaAuth.Response response = OpaAuth.request("POST", "/v2/codes", body, "");
        System.out.println(response.body()); // data.url is the cashier page to show as a QR, data.codeId deletes it
        if (response.status() == 201) System.out.println("QR Code created"); // spec §8: the outcome, in words
        if (response.status() != 201) System.exit(1);
    }
}
