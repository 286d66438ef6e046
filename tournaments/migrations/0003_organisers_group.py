"""Create the "Organizadores" group, whose members may create tournaments (issue 5).

The permission row is made here if Django's post_migrate handler has not made it yet (it runs only
after every migration), so the group has its permission on a fresh database too.
"""

from django.db import migrations

GROUP_NAME = "Organizadores"


def create_group(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    content_type, _created = ContentType.objects.get_or_create(
        app_label="tournaments", model="tournament"
    )
    permission, _created = Permission.objects.get_or_create(
        content_type=content_type, codename="add_tournament",
        defaults={"name": "Can add tournament"},
    )
    group, _created = Group.objects.get_or_create(name=GROUP_NAME)
    group.permissions.add(permission)


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP_NAME).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0002_players_entries_rounds_games"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
