-- The project list's indexes in the order of a sort other than the id end with the keyword
-- columns (name, code, demand number), so that a keyword many projects hold is checked in the index
-- while a page is read in the sort's order, and its count walks an index without reading the rows
-- (server/domain/projects/listText.ts keywordPlan).
DROP INDEX `offer_projects_by_created_at`;
--> statement-breakpoint
DROP INDEX `offer_projects_by_status_created_at`;
--> statement-breakpoint
DROP INDEX `offer_projects_by_type_created_at`;
--> statement-breakpoint
DROP INDEX `offer_projects_by_pub_date`;
--> statement-breakpoint
DROP INDEX `offer_projects_by_status_pub_date`;
--> statement-breakpoint
DROP INDEX `offer_projects_by_type_pub_date`;
--> statement-breakpoint
DROP INDEX `offer_projects_by_offer_end_time`;
--> statement-breakpoint
DROP INDEX `offer_projects_by_status_offer_end_time`;
--> statement-breakpoint
DROP INDEX `offer_projects_by_type_offer_end_time`;
--> statement-breakpoint
DROP INDEX `offer_projects_by_name`;
--> statement-breakpoint
DROP INDEX `offer_projects_by_status_name`;
--> statement-breakpoint
DROP INDEX `offer_projects_by_type_name`;
--> statement-breakpoint
DROP INDEX `offer_projects_by_code`;
--> statement-breakpoint
DROP INDEX `offer_projects_by_status_code`;
--> statement-breakpoint
DROP INDEX `offer_projects_by_type_code`;
--> statement-breakpoint
CREATE INDEX `offer_projects_by_created_at` ON `offer_projects` (`created_at`,`type_id`,`kind`,`status`,`name`,`code`,`demand_code`);
--> statement-breakpoint
CREATE INDEX `offer_projects_by_status_created_at` ON `offer_projects` (`status`,`created_at`,`first_quote_at`,`type_id`,`kind`,`name`,`code`,`demand_code`);
--> statement-breakpoint
CREATE INDEX `offer_projects_by_type_created_at` ON `offer_projects` (`type_id`,`created_at`,`status`,`first_quote_at`,`kind`,`name`,`code`,`demand_code`);
--> statement-breakpoint
CREATE INDEX `offer_projects_by_pub_date` ON `offer_projects` (`pub_date`,`type_id`,`kind`,`status`,`name`,`code`,`demand_code`);
--> statement-breakpoint
CREATE INDEX `offer_projects_by_status_pub_date` ON `offer_projects` (`status`,`pub_date`,`first_quote_at`,`type_id`,`kind`,`name`,`code`,`demand_code`);
--> statement-breakpoint
CREATE INDEX `offer_projects_by_type_pub_date` ON `offer_projects` (`type_id`,`pub_date`,`status`,`first_quote_at`,`kind`,`name`,`code`,`demand_code`);
--> statement-breakpoint
CREATE INDEX `offer_projects_by_offer_end_time` ON `offer_projects` (`offer_end_time`,`type_id`,`kind`,`status`,`name`,`code`,`demand_code`);
--> statement-breakpoint
CREATE INDEX `offer_projects_by_status_offer_end_time` ON `offer_projects` (`status`,`offer_end_time`,`first_quote_at`,`type_id`,`kind`,`name`,`code`,`demand_code`);
--> statement-breakpoint
CREATE INDEX `offer_projects_by_type_offer_end_time` ON `offer_projects` (`type_id`,`offer_end_time`,`status`,`first_quote_at`,`kind`,`name`,`code`,`demand_code`);
--> statement-breakpoint
CREATE INDEX `offer_projects_by_name` ON `offer_projects` (`name`,`type_id`,`kind`,`status`,`code`,`demand_code`);
--> statement-breakpoint
CREATE INDEX `offer_projects_by_status_name` ON `offer_projects` (`status`,`name`,`first_quote_at`,`type_id`,`kind`,`code`,`demand_code`);
--> statement-breakpoint
CREATE INDEX `offer_projects_by_type_name` ON `offer_projects` (`type_id`,`name`,`status`,`first_quote_at`,`kind`,`code`,`demand_code`);
--> statement-breakpoint
CREATE INDEX `offer_projects_by_code` ON `offer_projects` (`code`,`type_id`,`kind`,`status`,`name`,`demand_code`);
--> statement-breakpoint
CREATE INDEX `offer_projects_by_status_code` ON `offer_projects` (`status`,`code`,`first_quote_at`,`type_id`,`kind`,`name`,`demand_code`);
--> statement-breakpoint
CREATE INDEX `offer_projects_by_type_code` ON `offer_projects` (`type_id`,`code`,`status`,`first_quote_at`,`kind`,`name`,`demand_code`);