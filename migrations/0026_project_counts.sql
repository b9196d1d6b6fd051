-- The project list's counts: how many projects there are of each kind, stored status, first-quote
-- state and category (type 0: none), kept in step by triggers, so that counting a status or a
-- category reads a few rows of this table instead of every project (projects/listCount.ts).
CREATE TABLE `project_counts` (
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`quoted` integer NOT NULL,
	`type_id` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`kind`, `status`, `quoted`, `type_id`)
);
--> statement-breakpoint
INSERT INTO `project_counts` (kind, status, quoted, type_id, count)
  SELECT kind, status, first_quote_at IS NOT NULL, coalesce(type_id, 0), count(*)
  FROM `offer_projects` GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER `project_counts_insert` AFTER INSERT ON `offer_projects` BEGIN
  INSERT INTO `project_counts` (kind, status, quoted, type_id, count)
    VALUES (new.kind, new.status, new.first_quote_at IS NOT NULL, coalesce(new.type_id, 0), 1)
    ON CONFLICT DO UPDATE SET count = count + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `project_counts_delete` AFTER DELETE ON `offer_projects` BEGIN
  UPDATE `project_counts` SET count = count - 1
    WHERE kind = old.kind AND status = old.status AND quoted = (old.first_quote_at IS NOT NULL)
      AND type_id = coalesce(old.type_id, 0);
END;
--> statement-breakpoint
CREATE TRIGGER `project_counts_update` AFTER UPDATE OF kind, status, first_quote_at, type_id
  ON `offer_projects`
  WHEN old.kind IS NOT new.kind OR old.status IS NOT new.status
    OR (old.first_quote_at IS NULL) IS NOT (new.first_quote_at IS NULL)
    OR old.type_id IS NOT new.type_id
BEGIN
  UPDATE `project_counts` SET count = count - 1
    WHERE kind = old.kind AND status = old.status AND quoted = (old.first_quote_at IS NOT NULL)
      AND type_id = coalesce(old.type_id, 0);
  INSERT INTO `project_counts` (kind, status, quoted, type_id, count)
    VALUES (new.kind, new.status, new.first_quote_at IS NOT NULL, coalesce(new.type_id, 0), 1)
    ON CONFLICT DO UPDATE SET count = count + 1;
END;
