-- The word list in byte order: the words a query word begins are one range of its key
-- (word >= 'iph' and word < 'iph' || U+10FFFF), whatever the database's collation.
ALTER TABLE product_search_words ALTER COLUMN word SET DATA TYPE text COLLATE "C";
