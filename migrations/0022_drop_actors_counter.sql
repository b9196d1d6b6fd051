-- Each call reads its token's user, roles and session afresh (a few index lookups), so the actors'
-- change counter and the triggers that raised it go.
DROP TRIGGER IF EXISTS `users_actors_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `users_actors_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `users_actors_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `roles_actors_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `roles_actors_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `user_roles_actors_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `user_roles_actors_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `user_roles_actors_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `role_permissions_actors_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `role_permissions_actors_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `role_permissions_actors_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `sessions_actors_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `sessions_actors_version_delete`;--> statement-breakpoint
DELETE FROM `change_versions` WHERE `name` = 'actors';
