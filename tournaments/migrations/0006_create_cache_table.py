"""Create the database cache table with the other tables.

Production settings keep the sign-in failure counts in Django's database cache so every gunicorn
worker sees them; a deployment that forgot `createcachetable` would fail at the sign-in page.
Running it from a migration makes `migrate` enough. It does nothing for other cache backends.
"""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0005_tiebreak_order_may_be_empty")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
