-- The quote record is append-only: the database itself refuses to change or remove an entry.
CREATE TRIGGER `quote_chain_no_update` BEFORE UPDATE ON `quote_chain`
BEGIN
	SELECT RAISE(ABORT, 'quote_chain is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `quote_chain_no_delete` BEFORE DELETE ON `quote_chain`
BEGIN
	SELECT RAISE(ABORT, 'quote_chain is append-only');
END;
