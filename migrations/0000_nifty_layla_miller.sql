CREATE TABLE `audit_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`user_name` text,
	`service_name` text NOT NULL,
	`method_name` text NOT NULL,
	`http_method` text NOT NULL,
	`path` text NOT NULL,
	`parameters` text,
	`execution_time` integer NOT NULL,
	`execution_duration` integer NOT NULL,
	`client_ip` text,
	`browser_info` text,
	`http_status` integer NOT NULL,
	`exception` text
);
--> statement-breakpoint
CREATE INDEX `audit_logs_time_idx` ON `audit_logs` (`execution_time`);--> statement-breakpoint
CREATE INDEX `audit_logs_user_time_idx` ON `audit_logs` (`user_id`,`execution_time`);--> statement-breakpoint
CREATE TABLE `code_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`name_en` text,
	`description` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `code_types_code_unique` ON `code_types` (`code`);--> statement-breakpoint
CREATE TABLE `codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type_id` integer NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`name_en` text,
	`value` text,
	`sort` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`type_id`) REFERENCES `code_types`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `codes_type_code_idx` ON `codes` (`type_id`,`code`);--> statement-breakpoint
CREATE TABLE `files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sha256` text NOT NULL,
	`size` integer NOT NULL,
	`content_type` text NOT NULL,
	`file_name` text NOT NULL,
	`purpose` text NOT NULL,
	`project_id` integer,
	`uploaded_by` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`deleted_at` integer
);
--> statement-breakpoint
CREATE INDEX `files_project_idx` ON `files` (`project_id`,`purpose`);--> statement-breakpoint
CREATE INDEX `files_sha_idx` ON `files` (`sha256`);--> statement-breakpoint
CREATE TABLE `groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `groups_name_unique` ON `groups` (`name`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `offer_project_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`material_code` text,
	`item_name` text NOT NULL,
	`description` text,
	`unit` text,
	`estimate_year_amount` text,
	`use_factory` text,
	`need_explain` text,
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `offer_project_items_project_idx` ON `offer_project_items` (`project_id`,`sort`);--> statement-breakpoint
CREATE TABLE `offer_project_suppliers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`invited_at` integer NOT NULL,
	`round1` integer DEFAULT false NOT NULL,
	`round2` integer DEFAULT false NOT NULL,
	`agreed_at` integer,
	`agreed_by` integer,
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offer_project_suppliers_idx` ON `offer_project_suppliers` (`project_id`,`supplier_id`);--> statement-breakpoint
CREATE INDEX `offer_project_suppliers_supplier_idx` ON `offer_project_suppliers` (`supplier_id`);--> statement-breakpoint
CREATE TABLE `offer_project_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`sort` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offer_project_types_name_unique` ON `offer_project_types` (`name`);--> statement-breakpoint
CREATE TABLE `offer_projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`type_id` integer,
	`status` text DEFAULT 'unpublished' NOT NULL,
	`pub_date` integer,
	`offer_end_time` integer,
	`demand_code` text,
	`equipment_name` text,
	`offer_item_type` text,
	`estimated_amount` text,
	`monthly_purchase` integer DEFAULT false NOT NULL,
	`is_bidding` integer DEFAULT false NOT NULL,
	`from_ams` integer DEFAULT false NOT NULL,
	`remark` text,
	`ended_at` integer,
	`ended_by` integer,
	`end_reason` text,
	`closed_at` integer,
	`closed_by` integer,
	`close_reason` text,
	`all_quoted_at` integer,
	`creator_id` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`type_id`) REFERENCES `offer_project_types`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offer_projects_code_unique` ON `offer_projects` (`code`);--> statement-breakpoint
CREATE INDEX `offer_projects_kind_status_idx` ON `offer_projects` (`kind`,`status`,`offer_end_time`);--> statement-breakpoint
CREATE INDEX `offer_projects_type_idx` ON `offer_projects` (`type_id`);--> statement-breakpoint
CREATE INDEX `offer_projects_end_idx` ON `offer_projects` (`status`,`offer_end_time`);--> statement-breakpoint
CREATE TABLE `offer_rounds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`round` integer NOT NULL,
	`opened_at` integer NOT NULL,
	`opened_by` integer,
	`end_time` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offer_rounds_project_round_idx` ON `offer_rounds` (`project_id`,`round`);--> statement-breakpoint
CREATE TABLE `quotes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`round` integer DEFAULT 0 NOT NULL,
	`file_id` integer NOT NULL,
	`submitted_at` integer NOT NULL,
	`submitted_by` integer,
	`client_ip` text,
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`file_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `quotes_project_supplier_idx` ON `quotes` (`project_id`,`supplier_id`,`round`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `quotes_supplier_idx` ON `quotes` (`supplier_id`,`submitted_at`);--> statement-breakpoint
CREATE TABLE `role_permissions` (
	`role_id` integer NOT NULL,
	`permission` text NOT NULL,
	PRIMARY KEY(`role_id`, `permission`),
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `roles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`display_name` text NOT NULL,
	`description` text,
	`is_static` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `roles_name_unique` ON `roles` (`name`);--> statement-breakpoint
CREATE TABLE `sequences` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`client_ip` text,
	`browser_info` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer,
	`updated_by` integer
);
--> statement-breakpoint
CREATE TABLE `suppliers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`abbr_name` text NOT NULL,
	`full_name` text NOT NULL,
	`status` text DEFAULT 'effective' NOT NULL,
	`contact_person` text,
	`contact_number` text,
	`email1` text,
	`email2` text,
	`email3` text,
	`cooperation_status` text DEFAULT 'potential' NOT NULL,
	`source` text DEFAULT 'local' NOT NULL,
	`erp_edit_date` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `suppliers_code_unique` ON `suppliers` (`code`);--> statement-breakpoint
CREATE INDEX `suppliers_status_idx` ON `suppliers` (`status`);--> statement-breakpoint
CREATE INDEX `suppliers_updated_idx` ON `suppliers` (`updated_at`);--> statement-breakpoint
CREATE TABLE `user_groups` (
	`user_id` integer NOT NULL,
	`group_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `group_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_groups_group_idx` ON `user_groups` (`group_id`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`user_id` integer NOT NULL,
	`role_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `role_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_roles_role_idx` ON `user_roles` (`role_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_name` text NOT NULL,
	`normalized_user_name` text NOT NULL,
	`name` text NOT NULL,
	`email_address` text,
	`password_hash` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`kind` text DEFAULT 'staff' NOT NULL,
	`supplier_id` integer,
	`avatar` text,
	`introduction` text,
	`language` text,
	`last_login_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_normalized_user_name_unique` ON `users` (`normalized_user_name`);--> statement-breakpoint
CREATE INDEX `users_supplier_idx` ON `users` (`supplier_id`);