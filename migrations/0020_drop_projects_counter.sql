-- The projects' change counter kept the project list's pages and a project's pages while nothing
-- changed; those pages are read afresh now, so the counter and the triggers that raised it go.
DROP TRIGGER IF EXISTS `award_lines_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `award_lines_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `award_lines_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `awards_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `awards_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `awards_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `files_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `files_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `files_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_project_items_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_project_items_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_project_items_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_project_suppliers_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_project_suppliers_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_project_suppliers_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_project_types_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_project_types_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_project_types_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_project_versions_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_project_versions_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_project_versions_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_projects_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_projects_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_projects_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_rounds_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_rounds_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `offer_rounds_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `quotes_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `quotes_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `quotes_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `users_name_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `users_version_delete`;--> statement-breakpoint
DELETE FROM `change_versions` WHERE `name` = 'projects';
