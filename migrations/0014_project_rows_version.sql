-- The projects' change counter (0013) is raised also by what the project list shows beside a
-- project's own row: its award and award lines, its category's name and its creator's name, so
-- that a kept page of the list can keep its rows too.
CREATE TRIGGER `awards_version_insert` AFTER INSERT ON `awards` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `awards_version_update` AFTER UPDATE ON `awards` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `awards_version_delete` AFTER DELETE ON `awards` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `award_lines_version_insert` AFTER INSERT ON `award_lines` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `award_lines_version_update` AFTER UPDATE ON `award_lines` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `award_lines_version_delete` AFTER DELETE ON `award_lines` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `offer_project_types_version_insert` AFTER INSERT ON `offer_project_types` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `offer_project_types_version_update` AFTER UPDATE ON `offer_project_types` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `offer_project_types_version_delete` AFTER DELETE ON `offer_project_types` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `users_name_version_update` AFTER UPDATE OF `name` ON `users` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `users_version_delete` AFTER DELETE ON `users` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
