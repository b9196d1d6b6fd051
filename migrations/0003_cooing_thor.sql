CREATE TABLE `offer_project_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`version` integer NOT NULL,
	`content_hash` text NOT NULL,
	`snapshot` text NOT NULL,
	`published_at` integer NOT NULL,
	`published_by` integer,
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offer_project_versions_idx` ON `offer_project_versions` (`project_id`,`version`);--> statement-breakpoint
CREATE TABLE `quote_chain` (
	`seq` integer PRIMARY KEY NOT NULL,
	`quote_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`round` integer NOT NULL,
	`file_id` integer NOT NULL,
	`file_sha256` text NOT NULL,
	`lines_hash` text,
	`content_hash` text NOT NULL,
	`pack_version` integer,
	`pack_hash` text,
	`submitted_at` integer NOT NULL,
	`prev_hash` text NOT NULL,
	`entry_hash` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quote_chain_prev_idx` ON `quote_chain` (`prev_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `quote_chain_quote_idx` ON `quote_chain` (`quote_id`);--> statement-breakpoint
CREATE INDEX `quote_chain_project_idx` ON `quote_chain` (`project_id`,`supplier_id`);--> statement-breakpoint
ALTER TABLE `offer_project_items` ADD `removed_at` integer;--> statement-breakpoint
ALTER TABLE `offer_projects` ADD `sealed_quotes` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `offer_projects` ADD `instruction_text` text;--> statement-breakpoint
ALTER TABLE `offer_projects` ADD `pack_version` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `pack_version` integer;