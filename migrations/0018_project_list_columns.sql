ALTER TABLE `offer_projects` ADD `closes_at` integer GENERATED ALWAYS AS (CASE WHEN all_quoted_at IS NOT NULL AND (offer_end_time IS NULL
      OR all_quoted_at + 1800000 < offer_end_time) THEN all_quoted_at + 1800000
      ELSE offer_end_time END) VIRTUAL;--> statement-breakpoint
ALTER TABLE `offer_projects` ADD `first_quote_at` integer;--> statement-breakpoint
CREATE INDEX `offer_projects_closes_idx` ON `offer_projects` (`status`,`closes_at`,`first_quote_at`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_created_idx` ON `offer_projects` (`created_at`);--> statement-breakpoint
CREATE INDEX `offer_projects_pub_date_idx` ON `offer_projects` (`pub_date`);--> statement-breakpoint
CREATE INDEX `offer_projects_deadline_idx` ON `offer_projects` (`offer_end_time`);--> statement-breakpoint
CREATE INDEX `offer_projects_name_idx` ON `offer_projects` (`name`);--> statement-breakpoint
-- Whether a project has a quote yet ("published" or "in quotation"), kept beside it: set by the
-- first quote to arrive, whoever writes it. Quotes are never deleted.
UPDATE `offer_projects` SET `first_quote_at` =
  (SELECT min(`submitted_at`) FROM `quotes` WHERE `quotes`.`project_id` = `offer_projects`.`id`);--> statement-breakpoint
CREATE TRIGGER `quotes_first_quote_at` AFTER INSERT ON `quotes` BEGIN
  UPDATE `offer_projects` SET `first_quote_at` = NEW.`submitted_at`
    WHERE `id` = NEW.`project_id` AND `first_quote_at` IS NULL;
END;
--> statement-breakpoint
-- Table statistics for the query planner (kept up to date by PRAGMA optimize at every start).
ANALYZE;
