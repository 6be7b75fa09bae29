-- An image uploaded through a deprecated `uploadImageUrls` PUT URL is attached to its user
-- as soon as it arrives: a legacy client never sends the key back in a second PUT.
ALTER TABLE uploads ADD COLUMN attach_on_upload INTEGER NOT NULL DEFAULT 0;
