-- Issue 24 item 5: an identification vouches for the application as it was when the bank
-- answered. A success keeps a salted SHA-256 of the application's data then (the same salt
-- as the identity code's hash), and completion counts only identifications whose hash is
-- that of the data it would send: changing the IBAN, an identity code or anything else
-- afterwards needs a new identification. Rows from before this have none, and count for nothing.
ALTER TABLE strong_authentications ADD COLUMN data_hash bytea CHECK (octet_length(data_hash) = 32);
