CREATE TABLE `accepted_alternatives` (
	`project_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`reason` text NOT NULL,
	`accepted_by` integer,
	`accepted_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `supplier_id`, `item_id`),
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`item_id`) REFERENCES `offer_project_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `award_scenarios` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`name` text NOT NULL,
	`view` text NOT NULL,
	`rules` text NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `award_scenarios_name_idx` ON `award_scenarios` (`project_id`,`name`);--> statement-breakpoint
CREATE TABLE `cost_terms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`item_id` integer,
	`kind` text NOT NULL,
	`name` text,
	`basis` text NOT NULL,
	`value` text NOT NULL,
	`currency` text,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`item_id`) REFERENCES `offer_project_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cost_terms_project_idx` ON `cost_terms` (`project_id`,`supplier_id`);--> statement-breakpoint
CREATE TABLE `evaluation_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`criterion_id` integer NOT NULL,
	`text` text,
	`file_ids` text DEFAULT '[]' NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` integer,
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`criterion_id`) REFERENCES `evaluation_criteria`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `evaluation_answers_idx` ON `evaluation_answers` (`project_id`,`supplier_id`,`criterion_id`);--> statement-breakpoint
CREATE TABLE `evaluation_criteria` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`name` text NOT NULL,
	`weight` integer NOT NULL,
	`is_price` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `evaluation_criteria_project_idx` ON `evaluation_criteria` (`project_id`,`sort`);--> statement-breakpoint
CREATE TABLE `evaluation_record` (
	`seq` integer PRIMARY KEY NOT NULL,
	`project_id` integer NOT NULL,
	`kind` text NOT NULL,
	`user_id` integer NOT NULL,
	`data` text NOT NULL,
	`at` integer NOT NULL,
	`prev_hash` text NOT NULL,
	`entry_hash` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `evaluation_record_prev_idx` ON `evaluation_record` (`prev_hash`);--> statement-breakpoint
CREATE INDEX `evaluation_record_project_idx` ON `evaluation_record` (`project_id`);--> statement-breakpoint
CREATE TABLE `evaluation_scores` (
	`project_id` integer NOT NULL,
	`evaluator_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`criterion_id` integer NOT NULL,
	`score` integer NOT NULL,
	`comment` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `evaluator_id`, `supplier_id`, `criterion_id`),
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`evaluator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`criterion_id`) REFERENCES `evaluation_criteria`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `evaluation_submissions` (
	`project_id` integer NOT NULL,
	`evaluator_id` integer NOT NULL,
	`submitted_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `evaluator_id`),
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`evaluator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `evaluation_team` (
	`project_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`project_id`, `user_id`),
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
DROP INDEX `quote_lines_quote_item_idx`;--> statement-breakpoint
ALTER TABLE `quote_lines` ADD `moq` text;--> statement-breakpoint
ALTER TABLE `quote_lines` ADD `pack_multiple` text;--> statement-breakpoint
ALTER TABLE `quote_lines` ADD `breaks` text;--> statement-breakpoint
ALTER TABLE `quote_lines` ADD `alternative` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `quote_lines` ADD `alt_brand` text;--> statement-breakpoint
ALTER TABLE `quote_lines` ADD `alt_grade` text;--> statement-breakpoint
ALTER TABLE `quote_lines` ADD `alt_spec` text;--> statement-breakpoint
ALTER TABLE `quote_lines` ADD `alt_datasheet_file_id` integer REFERENCES files(id);--> statement-breakpoint
CREATE UNIQUE INDEX `quote_lines_quote_item_idx` ON `quote_lines` (`quote_id`,`item_id`,`alternative`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_award_lines` (
	`award_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`quantity` text,
	`alternative` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`award_id`, `item_id`, `supplier_id`),
	FOREIGN KEY (`award_id`) REFERENCES `awards`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `offer_project_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_award_lines`("award_id", "item_id", "supplier_id") SELECT "award_id", "item_id", "supplier_id" FROM `award_lines`;--> statement-breakpoint
DROP TABLE `award_lines`;--> statement-breakpoint
ALTER TABLE `__new_award_lines` RENAME TO `award_lines`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `award_lines_supplier_idx` ON `award_lines` (`supplier_id`);--> statement-breakpoint
ALTER TABLE `offer_project_suppliers` ADD `declined_at` integer;--> statement-breakpoint
ALTER TABLE `offer_project_suppliers` ADD `declined_by` integer;--> statement-breakpoint
ALTER TABLE `offer_project_suppliers` ADD `decline_reason` text;--> statement-breakpoint
ALTER TABLE `offer_project_suppliers` ADD `decline_text` text;--> statement-breakpoint
ALTER TABLE `offer_projects` ADD `evaluation` text DEFAULT 'price' NOT NULL;--> statement-breakpoint
ALTER TABLE `offer_projects` ADD `evaluation_signed_off_at` integer;--> statement-breakpoint
ALTER TABLE `offer_projects` ADD `evaluation_signed_off_by` integer;;--> statement-breakpoint
-- The evaluation record is append-only, like the quote record.
CREATE TRIGGER `evaluation_record_no_update` BEFORE UPDATE ON `evaluation_record`
BEGIN
	SELECT RAISE(ABORT, 'evaluation_record is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `evaluation_record_no_delete` BEFORE DELETE ON `evaluation_record`
BEGIN
	SELECT RAISE(ABORT, 'evaluation_record is append-only');
END;
