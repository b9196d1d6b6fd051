CREATE TABLE `project_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`asked_by` integer,
	`asked_at` integer NOT NULL,
	`text` text NOT NULL,
	`file_id` integer,
	`answer` text,
	`answered_at` integer,
	`answered_by` integer,
	`visibility` text,
	`public_text` text,
	`packed_at` integer,
	`pack_version` integer,
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`file_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `project_questions_project_idx` ON `project_questions` (`project_id`,`asked_at`);--> statement-breakpoint
CREATE INDEX `project_questions_open_idx` ON `project_questions` (`answered_at`,`project_id`);--> statement-breakpoint
CREATE INDEX `project_questions_file_idx` ON `project_questions` (`file_id`);--> statement-breakpoint
ALTER TABLE `offer_projects` ADD `question_end_time` integer;