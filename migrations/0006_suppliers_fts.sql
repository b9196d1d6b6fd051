-- Substring search of supplier codes and names through a trigram index instead of a table scan.
-- Each value is stored with a trailing space, so that every two-character piece of a name is the
-- start of some indexed trigram (found through suppliers_fts_terms); triggers keep it in step.
CREATE VIRTUAL TABLE `suppliers_fts` USING fts5(code, abbr_name, full_name, tokenize = 'trigram');
--> statement-breakpoint
CREATE VIRTUAL TABLE `suppliers_fts_terms` USING fts5vocab(suppliers_fts, 'row');
--> statement-breakpoint
INSERT INTO `suppliers_fts` (rowid, code, abbr_name, full_name)
  SELECT id, code || ' ', abbr_name || ' ', full_name || ' ' FROM `suppliers`;
--> statement-breakpoint
CREATE TRIGGER `suppliers_fts_insert` AFTER INSERT ON `suppliers` BEGIN
  INSERT INTO `suppliers_fts` (rowid, code, abbr_name, full_name)
    VALUES (new.id, new.code || ' ', new.abbr_name || ' ', new.full_name || ' ');
END;
--> statement-breakpoint
CREATE TRIGGER `suppliers_fts_delete` AFTER DELETE ON `suppliers` BEGIN
  DELETE FROM `suppliers_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `suppliers_fts_update` AFTER UPDATE OF code, abbr_name, full_name ON `suppliers` BEGIN
  UPDATE `suppliers_fts` SET code = new.code || ' ', abbr_name = new.abbr_name || ' ',
    full_name = new.full_name || ' ' WHERE rowid = old.id;
END;
