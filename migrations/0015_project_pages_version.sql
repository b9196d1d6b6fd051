-- The projects' change counter (0013, 0014) is raised also by a project's line items, files and
-- request pack versions, so that what a project's detail and result pages show can be kept.
CREATE TRIGGER `offer_project_items_version_insert` AFTER INSERT ON `offer_project_items` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `offer_project_items_version_update` AFTER UPDATE ON `offer_project_items` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `offer_project_items_version_delete` AFTER DELETE ON `offer_project_items` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `files_version_insert` AFTER INSERT ON `files` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `files_version_update` AFTER UPDATE ON `files` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `files_version_delete` AFTER DELETE ON `files` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `offer_project_versions_version_insert` AFTER INSERT ON `offer_project_versions` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `offer_project_versions_version_update` AFTER UPDATE ON `offer_project_versions` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `offer_project_versions_version_delete` AFTER DELETE ON `offer_project_versions` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
