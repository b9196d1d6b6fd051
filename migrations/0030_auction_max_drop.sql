ALTER TABLE `auctions` ADD `max_drop_kind` text DEFAULT 'percent' NOT NULL;--> statement-breakpoint
ALTER TABLE `auctions` ADD `max_drop` text DEFAULT '20' NOT NULL;