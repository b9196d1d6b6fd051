CREATE TABLE `auction_bids` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`auction_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`item_id` integer,
	`amount` text NOT NULL,
	`kind` text NOT NULL,
	`at` integer NOT NULL,
	`bid_key` text,
	`user_id` integer,
	`client_ip` text,
	`prev_hash` text NOT NULL,
	`entry_hash` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `auction_bids_seq_idx` ON `auction_bids` (`auction_id`,`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `auction_bids_key_idx` ON `auction_bids` (`auction_id`,`supplier_id`,`bid_key`);--> statement-breakpoint
CREATE INDEX `auction_bids_supplier_idx` ON `auction_bids` (`auction_id`,`supplier_id`,`item_id`,`seq`);--> statement-breakpoint
CREATE TABLE `auction_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`auction_id` integer NOT NULL,
	`type` text NOT NULL,
	`at` integer NOT NULL,
	`data` text NOT NULL,
	FOREIGN KEY (`auction_id`) REFERENCES `auctions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auction_events_auction_idx` ON `auction_events` (`auction_id`,`id`);--> statement-breakpoint
CREATE TABLE `auction_participants` (
	`auction_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`label` integer NOT NULL,
	PRIMARY KEY(`auction_id`, `supplier_id`),
	FOREIGN KEY (`auction_id`) REFERENCES `auctions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `auction_participants_supplier_idx` ON `auction_participants` (`supplier_id`);--> statement-breakpoint
CREATE TABLE `auctions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`basis` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`closes_at` integer NOT NULL,
	`extension_minutes` integer NOT NULL,
	`extension_cap_minutes` integer NOT NULL,
	`extended_ms` integer NOT NULL,
	`step_kind` text NOT NULL,
	`step` text NOT NULL,
	`visibility` text NOT NULL,
	`status` text NOT NULL,
	`paused_at` integer,
	`pause_reason` text,
	`ended_at` integer,
	`ended_by` integer,
	`end_reason` text,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `auctions_project_idx` ON `auctions` (`project_id`);--> statement-breakpoint
CREATE INDEX `auctions_status_idx` ON `auctions` (`status`,`closes_at`);--> statement-breakpoint
CREATE TRIGGER `auction_bids_no_update` BEFORE UPDATE ON `auction_bids`
BEGIN
	SELECT RAISE(ABORT, 'auction_bids is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `auction_bids_no_delete` BEFORE DELETE ON `auction_bids`
BEGIN
	SELECT RAISE(ABORT, 'auction_bids is append-only');
END;
