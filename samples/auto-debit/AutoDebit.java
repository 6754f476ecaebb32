// Auto direct debit: charge a linked user (scope direct_debit) at once; the answer says COMPLETED.
// Run: javac -d build samples/lib/OpaAuth.java samples/auto-debit/AutoDebit.java
//      PAYLAB_USER_AUTHORIZATION_ID=… java -cp build AutoDebit
public final class AutoDebit {
    public static void main(String[] args) throws Exception {
        String body = """
            {"merchantPaymentId": "%s",
             "userAuthorizationId": "%s",
             "amount": {"amount": 1, "currency": "JPY"},
             "requestedAt": %d,
             "orderDescription": "Chocolate cake"}
            """.formatted(OpaAuth.newId("sample-debit"), System.getenv("PAYLAB_USER_AUTHORIZATION_ID"), OpaAuth.nowSeconds());
        OpaAuth.Response response = OpaAuth.request("POST", "/v2/payments", body, "?agreeSimilarTransaction=true");
        System.out.println(response.body()); // data.status is COMPLETED
        System.out.println(response.status() == 201 ? "Order created" : "Order creation failure"); // spec §8: the outcome, in words
        if (response.status() != 201) System.exit(1);
    }
}
