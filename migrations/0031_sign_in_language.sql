ALTER TABLE `users` ADD `language_chosen` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- A language saved before sign-ins saved one was chosen by its user.
UPDATE `users` SET `language_chosen` = 1 WHERE `language` IS NOT NULL;