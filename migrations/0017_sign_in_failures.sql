CREATE TABLE `login_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_name` text NOT NULL,
	`client_ip` text,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_failures_user_idx` ON `login_failures` (`user_name`,`at`);--> statement-breakpoint
CREATE INDEX `login_failures_ip_idx` ON `login_failures` (`client_ip`,`at`);--> statement-breakpoint
CREATE INDEX `login_failures_at_idx` ON `login_failures` (`at`);--> statement-breakpoint
DROP TABLE `login_attempts`;--> statement-breakpoint
ALTER TABLE `users` ADD `is_demo` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Demo sign-ins made by the first start of an earlier version, with its well-known passwords (the
-- demo buyer and leader, the demo suppliers' portal users), so that start-up warns about them.
UPDATE `users` SET `is_demo` = 1 WHERE (`user_name` = 'buyer' AND `email_address` = 'buyer@example.com')
  OR (`user_name` = 'leader' AND `email_address` = 'leader@example.com')
  OR (`kind` = 'supplier' AND `user_name` IN ('SY001', 'KB002', 'NY003', 'RG004')
    AND `supplier_id` IN (SELECT `id` FROM `suppliers` WHERE `email1` LIKE '%.example.com'));
