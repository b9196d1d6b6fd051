CREATE TABLE `supplier_certificates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`supplier_id` integer NOT NULL,
	`type` text NOT NULL,
	`number` text NOT NULL,
	`issued_on` text NOT NULL,
	`expires_on` text,
	`file_id` integer,
	`remark` text,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_by` integer,
	`updated_at` integer,
	`expiry_warned_for` text,
	`expiry_warned_at` integer,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `supplier_certificates_number_idx` ON `supplier_certificates` (`supplier_id`,`type`,`number`);--> statement-breakpoint
CREATE INDEX `supplier_certificates_expiry_idx` ON `supplier_certificates` (`expires_on`);--> statement-breakpoint
ALTER TABLE `offer_project_types` ADD `required_certificates` text;--> statement-breakpoint
ALTER TABLE `offer_projects` ADD `required_certificates` text;