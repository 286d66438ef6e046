from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = []

    operations = [
        migrations.CreateModel(
            name="LoginFailure",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("kind", models.CharField(choices=[("account", "username from an address"),
                                                   ("address", "address, any username"),
                                                   ("reset", "password resets for an email from an address")],
                                          max_length=8, verbose_name="counted for")),
                ("username", models.CharField(blank=True, max_length=150, verbose_name="username")),
                ("address", models.CharField(blank=True, max_length=64, verbose_name="address")),
                ("count", models.PositiveIntegerField(default=0, verbose_name="failed sign-ins")),
                ("window_ends", models.DateTimeField(db_index=True, verbose_name="counted until")),
            ],
            options={
                "verbose_name": "failed sign-in count",
                "verbose_name_plural": "failed sign-in counts",
                "ordering": ["-window_ends"],
                "constraints": [
                    models.UniqueConstraint(fields=("kind", "username", "address"),
                                            name="login_failure_once_per_kind_username_address"),
                ],
            },
        ),
    ]
