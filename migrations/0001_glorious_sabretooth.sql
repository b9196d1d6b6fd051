CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_key` text NOT NULL,
	`template_code` text NOT NULL,
	`recipient` text NOT NULL,
	`recipient_name` text,
	`language` text DEFAULT 'zh' NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`project_id` integer,
	`supplier_id` integer,
	`user_id` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_event_recipient_idx` ON `email_outbox` (`event_key`,`recipient`);--> statement-breakpoint
CREATE INDEX `email_outbox_due_idx` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_project_idx` ON `email_outbox` (`project_id`);--> statement-breakpoint
CREATE TABLE `email_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`subject` text NOT NULL,
	`content` text NOT NULL,
	`subject_en` text NOT NULL,
	`content_en` text NOT NULL,
	`mechanism` text NOT NULL,
	`mechanism_description` text,
	`notify_object` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`hours_before` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_templates_code_unique` ON `email_templates` (`code`);--> statement-breakpoint
CREATE TABLE `job_leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text,
	`expires_at` integer,
	`last_run_at` integer,
	`last_error` text
);
--> statement-breakpoint
CREATE TABLE `user_leaders` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`leader_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`leader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_leaders_leader_idx` ON `user_leaders` (`leader_id`);