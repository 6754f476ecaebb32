-- An existing wallet-app account that is not a developer account, so the terms-acceptance path (040000018) is
-- reachable on a fresh start. Documented in docs/accounts.md: wallet.user@paylab.example / Wallet#2026
-- (scrypt hash with a fixed salt). Idempotent: an existing row with this e-mail is left alone.
INSERT INTO "users" ("id", "email", "password_hash", "kind", "email_verified_at", "signup_status", "external_user_id", "created_at")
VALUES (
  'u_seed_wallet_0001',
  'wallet.user@paylab.example',
  'scrypt$16384$8$1$g2JsFywo1FfkMCDzbxoVrA==$B529peWUIogWLRUv9c04ZnISH864ZbUmTAb7383Gor5XC3ee5iYBkah0RzpPkFjA/0rAG/7x6B7o2aQfKR4BNw==',
  'wallet',
  '2020-07-01T00:00:00Z',
  'PENDING_UPLOAD_LOGO',
  '7b0c2f4e-6d1a-4c3e-9f5b-2a8d1e0c4b71',
  '2020-07-01T00:00:00Z'
)
ON CONFLICT ("email") DO NOTHING;
