CREATE TABLE `award_proposal_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`proposal_id` integer NOT NULL,
	`action` text NOT NULL,
	`at` integer NOT NULL,
	`actor_id` integer,
	`from_user_id` integer,
	`to_user_id` integer,
	`comment` text,
	FOREIGN KEY (`proposal_id`) REFERENCES `award_proposals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `award_proposal_events_proposal_idx` ON `award_proposal_events` (`proposal_id`,`id`);--> statement-breakpoint
CREATE TABLE `award_proposals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`scope` text NOT NULL,
	`supplier_id` integer,
	`lines` text NOT NULL,
	`reason` text NOT NULL,
	`proposed_by` integer NOT NULL,
	`proposed_at` integer NOT NULL,
	`amount_cny` text,
	`amount_basis` text,
	`rule` text NOT NULL,
	`matrix_version` integer NOT NULL,
	`matrix_hash` text NOT NULL,
	`matrix_snapshot` text NOT NULL,
	`status` text NOT NULL,
	`approver_id` integer,
	`decided_by` integer,
	`decided_at` integer,
	`decision_comment` text,
	`award_id` integer,
	FOREIGN KEY (`project_id`) REFERENCES `offer_projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`award_id`) REFERENCES `awards`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `award_proposals_project_idx` ON `award_proposals` (`project_id`,`id`);--> statement-breakpoint
CREATE INDEX `award_proposals_approver_idx` ON `award_proposals` (`status`,`approver_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `award_proposals_pending_idx` ON `award_proposals` (`project_id`) WHERE status = 'pending';