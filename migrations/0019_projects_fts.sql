-- Substring search of project codes, names and demand numbers through a trigram index instead of a
-- table scan, as for suppliers (0006_suppliers_fts): each value is stored with a trailing space, so
-- that every two-character piece is the start of some indexed trigram (found through
-- offer_projects_fts_terms); triggers keep it in step.
CREATE VIRTUAL TABLE `offer_projects_fts` USING fts5(code, name, demand_code, tokenize = 'trigram');
--> statement-breakpoint
CREATE VIRTUAL TABLE `offer_projects_fts_terms` USING fts5vocab(offer_projects_fts, 'row');
--> statement-breakpoint
INSERT INTO `offer_projects_fts` (rowid, code, name, demand_code)
  SELECT id, code || ' ', name || ' ', coalesce(demand_code, '') || ' ' FROM `offer_projects`;
--> statement-breakpoint
CREATE TRIGGER `offer_projects_fts_insert` AFTER INSERT ON `offer_projects` BEGIN
  INSERT INTO `offer_projects_fts` (rowid, code, name, demand_code)
    VALUES (new.id, new.code || ' ', new.name || ' ', coalesce(new.demand_code, '') || ' ');
END;
--> statement-breakpoint
CREATE TRIGGER `offer_projects_fts_delete` AFTER DELETE ON `offer_projects` BEGIN
  DELETE FROM `offer_projects_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `offer_projects_fts_update` AFTER UPDATE OF code, name, demand_code ON `offer_projects` BEGIN
  UPDATE `offer_projects_fts` SET code = new.code || ' ', name = new.name || ' ',
    demand_code = coalesce(new.demand_code, '') || ' ' WHERE rowid = old.id;
END;
