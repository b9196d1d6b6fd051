CREATE TABLE `award_lines` (
	`award_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	PRIMARY KEY(`award_id`, `item_id`),
	FOREIGN KEY (`award_id`) REFERENCES `awards`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `offer_project_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `award_lines_supplier_idx` ON `award_lines` (`supplier_id`);--> statement-breakpoint
CREATE TABLE `awards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`scope` text NOT NULL,
	`supplier_id` integer,
	`reason` text NOT NULL,
	`awarded_at` integer NOT NULL,
	`awarded_by` integer,
	`superseded_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `awards_project_idx` ON `awards` (`project_id`,`superseded_at`);--> statement-breakpoint
CREATE TABLE `exchange_rates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`currency` text NOT NULL,
	`effective_date` text NOT NULL,
	`rate` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer,
	`updated_by` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `exchange_rates_currency_date_idx` ON `exchange_rates` (`currency`,`effective_date`);--> statement-breakpoint
CREATE TABLE `quote_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quote_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`unit_price` text NOT NULL,
	`tax_rate` text NOT NULL,
	`currency` text NOT NULL,
	`trade_terms` text NOT NULL,
	`payment_method` text NOT NULL,
	`payment_term_days` integer NOT NULL,
	`lead_time_days` integer NOT NULL,
	`valid_until` text,
	`remark` text,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `offer_project_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quote_lines_quote_item_idx` ON `quote_lines` (`quote_id`,`item_id`);--> statement-breakpoint
CREATE INDEX `quote_lines_item_idx` ON `quote_lines` (`item_id`);--> statement-breakpoint
ALTER TABLE `offer_projects` ADD `lines_required` integer DEFAULT false NOT NULL;