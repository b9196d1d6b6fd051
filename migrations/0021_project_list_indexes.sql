-- The project list: every sort has an index in its order and one that starts with the stored
-- status, each holding the columns the list filters on (schema.ts listSorts).
DROP INDEX `offer_projects_type_status_idx`;--> statement-breakpoint
DROP INDEX `offer_projects_end_idx`;--> statement-breakpoint
DROP INDEX `offer_projects_quoted_idx`;--> statement-breakpoint
DROP INDEX `offer_projects_created_idx`;--> statement-breakpoint
DROP INDEX `offer_projects_pub_date_idx`;--> statement-breakpoint
DROP INDEX `offer_projects_deadline_idx`;--> statement-breakpoint
DROP INDEX `offer_projects_name_idx`;--> statement-breakpoint
DROP INDEX `offer_projects_closes_idx`;--> statement-breakpoint
CREATE INDEX `offer_projects_by_created_at` ON `offer_projects` (`created_at`,`type_id`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_status_created_at` ON `offer_projects` (`status`,`created_at`,`first_quote_at`,`type_id`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_pub_date` ON `offer_projects` (`pub_date`,`type_id`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_status_pub_date` ON `offer_projects` (`status`,`pub_date`,`first_quote_at`,`type_id`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_offer_end_time` ON `offer_projects` (`offer_end_time`,`type_id`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_status_offer_end_time` ON `offer_projects` (`status`,`offer_end_time`,`first_quote_at`,`type_id`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_name` ON `offer_projects` (`name`,`type_id`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_status_name` ON `offer_projects` (`status`,`name`,`first_quote_at`,`type_id`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_code` ON `offer_projects` (`code`,`type_id`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_status_code` ON `offer_projects` (`status`,`code`,`first_quote_at`,`type_id`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_id` ON `offer_projects` (`id`,`type_id`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_status_id` ON `offer_projects` (`status`,`id`,`first_quote_at`,`type_id`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_closes_idx` ON `offer_projects` (`status`,`closes_at`);;--> statement-breakpoint
-- Table statistics for the query planner.
ANALYZE;
