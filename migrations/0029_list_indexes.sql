DROP INDEX `offer_projects_by_created_at`;--> statement-breakpoint
DROP INDEX `offer_projects_by_pub_date`;--> statement-breakpoint
DROP INDEX `offer_projects_by_offer_end_time`;--> statement-breakpoint
DROP INDEX `offer_projects_by_name`;--> statement-breakpoint
DROP INDEX `offer_projects_by_code`;--> statement-breakpoint
DROP INDEX `offer_projects_by_id`;--> statement-breakpoint
CREATE INDEX `offer_projects_by_type_created_at` ON `offer_projects` (`type_id`,`created_at`,`status`,`first_quote_at`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_type_pub_date` ON `offer_projects` (`type_id`,`pub_date`,`status`,`first_quote_at`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_type_offer_end_time` ON `offer_projects` (`type_id`,`offer_end_time`,`status`,`first_quote_at`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_type_name` ON `offer_projects` (`type_id`,`name`,`status`,`first_quote_at`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_type_code` ON `offer_projects` (`type_id`,`code`,`status`,`first_quote_at`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_type_id` ON `offer_projects` (`type_id`,`id`,`status`,`first_quote_at`,`kind`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_created_at` ON `offer_projects` (`created_at`,`type_id`,`kind`,`status`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_pub_date` ON `offer_projects` (`pub_date`,`type_id`,`kind`,`status`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_offer_end_time` ON `offer_projects` (`offer_end_time`,`type_id`,`kind`,`status`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_name` ON `offer_projects` (`name`,`type_id`,`kind`,`status`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_code` ON `offer_projects` (`code`,`type_id`,`kind`,`status`);--> statement-breakpoint
CREATE INDEX `offer_projects_by_id` ON `offer_projects` (`id`,`type_id`,`kind`,`status`);