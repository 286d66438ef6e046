# The registry's checks, in a migration of their own: on PostgreSQL an index cannot be built in
# the transaction whose data migration (0007) left deferred foreign-key checks pending.

import django.db.models as models
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0010_people"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name='player',
            constraint=models.UniqueConstraint(condition=models.Q(('fmjd_id', ''), _negated=True), fields=('fmjd_id',), name='player_fmjd_id_unique'),
        ),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.CheckConstraint(condition=models.Q(('rating__isnull', True), ('rating__lte', 3000), _connector='OR'), name='player_rating_at_most_3000'),
        ),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.CheckConstraint(condition=models.Q(('fmjd_rating__isnull', True), ('fmjd_rating__lte', 3000), _connector='OR'), name='player_fmjd_rating_at_most_3000'),
        ),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.CheckConstraint(condition=models.Q(('sex__in', ['', 'M', 'F'])), name='player_sex_known'),
        ),
    ]
