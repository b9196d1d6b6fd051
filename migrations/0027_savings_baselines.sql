ALTER TABLE `offer_projects` ADD `budget` text;--> statement-breakpoint
ALTER TABLE `offer_projects` ADD `last_purchase_price` text;